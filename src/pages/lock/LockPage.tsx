import { useEffect, useState } from 'react';
import { Button, Card, InputGroup } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { loginAddress, safeRedirect, SYSTEM_TITLE } from '../../app/shellApi.ts';
import { useAppState } from '../../state/app.ts';
import { clearToken, setScreenCode } from '../../state/session.ts';
import { canUnlock } from './unlock.ts';
import { useNow } from '../../lib/useNow.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The lock screen: a live clock, the date and weekday, and the unlock form. */
export function LockPage() {
  const { t, i18n } = useTranslation('lock');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { authorization } = useAppState();
  const now = new Date(useNow(1_000));
  // The lock page has no route title; without this the tab would keep the locked page's name.
  useEffect(() => {
    document.title = `${t('title')} - ${SYSTEM_TITLE}`;
  }, [t, i18n.language]);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const target = safeRedirect(params.get('redirect'));
  if (!authorization) return <Navigate to={loginAddress(target)} replace />;
  if (!authorization.screenCode) return <Navigate to={target} replace />;
  const screenCode = authorization.screenCode;

  async function unlock() {
    if (password === '') return setError(t('passwordRequired'));
    setBusy(true);
    const ok = await canUnlock(screenCode, password);
    setBusy(false);
    if (!ok) return setError(t('passwordError'));
    setScreenCode(undefined);
    void navigate(target, { replace: true });
  }

  return (
    <div className="sd-lock">
      <div className="sd-lock__clock" aria-live="off">
        {dayjs(now).format('HH:mm:ss')}
      </div>
      <div className="sd-lock__date">
        {dayjs(now).format('YYYY-MM-DD')} {t(`weekdays.${WEEKDAYS[now.getDay()] ?? 'sun'}`)}
      </div>
      <Card className="sd-lock__card" elevation={3}>
        <h4 className="bp6-heading">{t('title')}</h4>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void unlock();
          }}
        >
          <InputGroup
            type="password"
            name="unlock-password"
            leftIcon="lock"
            size="large"
            autoFocus
            placeholder={t('placeholder')}
            value={password}
            intent={error ? 'danger' : 'none'}
            onValueChange={(v) => {
              setPassword(v);
              setError('');
            }}
            rightElement={
              <Button type="submit" icon="unlock" loading={busy} aria-label={t('unlock')} />
            }
          />
          {error && (
            <p className="sd-lock__error" role="alert">
              {error}
            </p>
          )}
        </form>
        <Button
          variant="minimal"
          size="small"
          text={t('backToLogin')}
          onClick={() => {
            clearToken();
            void navigate('/login');
          }}
        />
      </Card>
    </div>
  );
}
