import { Button, Card, H6, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AiModelVersion, OnnxTensor } from '../../../protocol/models.ts';
import { FactsTable, type Fact } from '../../components/FactsTable/FactsTable.tsx';
import { Permission } from '../../components/Permission/Permission.tsx';
import { formatTime } from '../../lib/time.ts';
import { ClassTags } from './useModelColumns.tsx';

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Tensors({ title, tensors }: { title: string; tensors: readonly OnnxTensor[] }) {
  const { t } = useTranslation('aiModels');
  return (
    <>
      <H6>{title}</H6>
      <HTMLTable compact className="sd-model-tensors">
        <thead>
          <tr>
            <th>{t('drawer.tensor')}</th>
            <th>{t('drawer.elemType')}</th>
            <th>{t('drawer.shape')}</th>
          </tr>
        </thead>
        <tbody>
          {tensors.map((x) => (
            <tr key={x.name}>
              <td>
                <code>{x.name}</code>
              </td>
              <td>{x.elemType}</td>
              <td>
                <code>[{x.shape.join(', ')}]</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

/** One version: its settings, what the server read from the ONNX file, and its deploy button. */
export function VersionCard({
  version: v,
  latest,
  canDeploy,
  onDeploy,
}: {
  version: AiModelVersion;
  latest: boolean;
  canDeploy: boolean;
  onDeploy: () => void;
}) {
  const { t } = useTranslation('aiModels');
  const facts: Fact[] = [
    ['framework', t('drawer.framework'), 'ONNX'],
    ['input', t('drawer.inputSize'), `${String(v.input_width)} × ${String(v.input_height)}`],
    ['classes', t('drawer.classes'), <ClassTags key="c" classes={v.classes} max={20} />],
    ['threshold', t('drawer.threshold'), v.threshold.toFixed(2)],
    ['notes', t('drawer.notes'), v.notes || t('drawer.none')],
    ['size', t('drawer.size'), sizeText(v.size)],
    [
      'sha256',
      t('drawer.sha256'),
      <code key="s" className="sd-model-sha">
        {v.sha256}
      </code>,
    ],
    ['ir', t('drawer.irVersion'), v.onnx.irVersion],
    [
      'opsets',
      t('drawer.opsets'),
      v.onnx.opsets.map((o) => `${o.domain} ${String(o.version)}`).join(', '),
    ],
    [
      'producer',
      t('drawer.producer'),
      `${v.onnx.producer || '—'} ${v.onnx.producerVersion}`.trim(),
    ],
    [
      'graph',
      t('drawer.graph'),
      `${v.onnx.graphName || '—'} · ${t('drawer.nodes', { n: v.onnx.nodeCount })}`,
    ],
    ['creator', t('drawer.creator'), v.created_by],
    ['createdAt', t('drawer.createdAt'), formatTime(v.created_at)],
  ];
  return (
    <Card className="sd-model-version" data-testid="model-version" data-version={v.version}>
      <div className="sd-model-version__head">
        <H6>
          v{v.version}{' '}
          {latest && (
            <Tag intent="primary" minimal>
              {t('drawer.latest')}
            </Tag>
          )}
        </H6>
        <Permission code="model:edit">
          <Button
            size="small"
            icon="send-to-graph"
            text={t('drawer.deployThis')}
            disabled={!canDeploy}
            onClick={onDeploy}
          />
        </Permission>
      </div>
      <FactsTable facts={facts} className="sd-model-facts" />
      <Tensors title={t('drawer.inputs')} tensors={v.onnx.inputs} />
      <Tensors title={t('drawer.outputs')} tensors={v.onnx.outputs} />
    </Card>
  );
}
