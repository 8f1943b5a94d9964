import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptScreenCode } from '../../lib/screenCode.ts';
import { setScreenCode } from '../../state/session.ts';
import { passwordProblem } from '../../lib/passwordRule.ts';

/** Asks for a lock password, stores it encrypted and goes to the lock page. */
export function LockDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('lock');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = passwordProblem(password);
  const message =
    problem === 'required'
      ? t('passwordRequired')
      : problem
        ? t('passwordRule', { ns: 'common' })
        : '';

  function lock() {
    setTouched(true);
    if (problem) return;
    const here = `${window.location.pathname}${window.location.search}`;
    setScreenCode(encryptScreenCode(password));
    setPassword('');
    onClose();
    void navigate(`/lock?redirect=${encodeURIComponent(here)}`);
  }

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('setTitle')} icon="lock">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          lock();
        }}
      >
        <DialogBody>
          <FormGroup
            helperText={touched && message ? message : t('passwordRule', { ns: 'common' })}
            intent={touched && message ? 'danger' : 'none'}
            labelFor="lock-password"
          >
            <InputGroup
              id="lock-password"
              type="password"
              autoFocus
              placeholder={t('setPlaceholder')}
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('cancel', { ns: 'common' })} onClick={onClose} />
              <Button type="submit" intent="primary" icon="lock" text={t('lock')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
