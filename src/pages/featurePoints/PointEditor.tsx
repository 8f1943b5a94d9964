import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeaturePoint, FeaturePointInput } from '../../../protocol/featurePoints.ts';
import { DEFAULT_FEATURE_RADIUS } from '../../../protocol/featurePoints.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { addFeaturePoint, editFeaturePoint } from '../../api/featurePoints.ts';

/** What the editor opens on: a stored point, or a new one (maybe at a clicked position). */
export type Editing = { point: FeaturePoint } | { at: { lng: number; lat: number } | null } | null;

type Form = Record<
  | 'name'
  | 'category'
  | 'longitude'
  | 'latitude'
  | 'height'
  | 'gimbal_pitch'
  | 'gimbal_yaw'
  | 'zoom'
  | 'radius'
  | 'classes'
  | 'notes',
  string
>;

function formOf(editing: Exclude<Editing, null>): Form {
  if ('point' in editing) {
    const p = editing.point;
    return {
      name: p.name,
      category: p.category,
      longitude: String(p.longitude),
      latitude: String(p.latitude),
      height: String(p.height),
      gimbal_pitch: String(p.gimbal_pitch),
      gimbal_yaw: String(p.gimbal_yaw),
      zoom: String(p.zoom),
      radius: String(p.radius),
      classes: p.classes.join(', '),
      notes: p.notes,
    };
  }
  return {
    name: '',
    category: '',
    longitude: editing.at ? editing.at.lng.toFixed(7) : '',
    latitude: editing.at ? editing.at.lat.toFixed(7) : '',
    height: '60',
    gimbal_pitch: '-45',
    gimbal_yaw: '0',
    zoom: '1',
    radius: String(DEFAULT_FEATURE_RADIUS),
    classes: '',
    notes: '',
  };
}

/** Empty text stays text, so the server names the field as required instead of reading 0. */
const num = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function inputOf(f: Form): FeaturePointInput {
  return {
    name: f.name,
    category: f.category,
    longitude: num(f.longitude),
    latitude: num(f.latitude),
    height: num(f.height),
    gimbal_pitch: num(f.gimbal_pitch),
    gimbal_yaw: num(f.gimbal_yaw),
    zoom: num(f.zoom),
    radius: num(f.radius),
    classes: f.classes
      .split(/[,，;；\s]+/)
      .map((c) => c.trim())
      .filter((c) => c !== ''),
    notes: f.notes,
  };
}

function EditorForm({
  editing,
  workspaceId,
  onClose,
  onSaved,
}: {
  editing: Exclude<Editing, null>;
  workspaceId: number | null;
  onClose: () => void;
  onSaved: (point: FeaturePoint) => void;
}) {
  const { t } = useTranslation('featurePoints');
  const [form, setForm] = useState<Form>(() => formOf(editing));
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((old) => ({ ...old, [key]: e.target.value }));
  const text = (key: keyof Form, label: string, helper?: string, type = 'text') => (
    <FormGroup label={label} labelFor={`fp-${key}`} helperText={helper}>
      <InputGroup
        id={`fp-${key}`}
        type={type}
        value={form[key]}
        onChange={set(key)}
        data-testid={`fp-field-${key}`}
        {...(type === 'number' && { step: 'any' })}
      />
    </FormGroup>
  );
  const save = () => {
    const input = inputOf(form);
    // NaN does not survive JSON (it becomes null): the server then names the field.
    const call =
      'point' in editing
        ? editFeaturePoint(editing.point.id, input)
        : addFeaturePoint(workspaceId ?? 0, input);
    setBusy(true);
    void call.then(
      (point) => {
        setBusy(false);
        toastSuccess(t('point' in editing ? 'form.saved' : 'form.added', { name: point.name }));
        onSaved(point);
      },
      () => setBusy(false),
    );
  };
  return (
    <>
      <DialogBody className="fp-form">
        {text('name', t('form.name'))}
        {text('category', t('form.category'), t('form.categoryHint'))}
        <div className="fp-form-row">
          {text('longitude', t('form.longitude'), undefined, 'number')}
          {text('latitude', t('form.latitude'), undefined, 'number')}
        </div>
        <div className="fp-form-row">
          {text('height', t('form.height'), undefined, 'number')}
          {text('zoom', t('form.zoom'), undefined, 'number')}
        </div>
        <div className="fp-form-row">
          {text('gimbal_pitch', t('form.pitch'), undefined, 'number')}
          {text('gimbal_yaw', t('form.yaw'), undefined, 'number')}
        </div>
        {text('radius', t('form.radius'), t('form.radiusHint'), 'number')}
        {text('classes', t('form.classes'), t('form.classesHint'))}
        <FormGroup label={t('form.notes')} labelFor="fp-notes">
          <TextArea id="fp-notes" fill value={form.notes} onChange={set('notes')} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('form.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('form.save')}
              loading={busy}
              data-testid="fp-save"
              onClick={save}
            />
          </>
        }
      />
    </>
  );
}

/** The add/edit dialog of one point; the server checks every value and names a bad one. */
export function PointEditor({
  editing,
  workspaceId,
  onClose,
  onSaved,
}: {
  editing: Editing;
  workspaceId: number | null;
  onClose: () => void;
  onSaved: (point: FeaturePoint) => void;
}) {
  const { t } = useTranslation('featurePoints');
  const isEdit = editing !== null && 'point' in editing;
  return (
    <Dialog
      isOpen={editing !== null}
      onClose={onClose}
      title={t(isEdit ? 'form.editTitle' : 'form.addTitle')}
      className="fp-dialog"
    >
      {editing && (
        <EditorForm
          editing={editing}
          workspaceId={workspaceId}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Dialog>
  );
}
