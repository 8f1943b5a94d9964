import { useState } from 'react';
import { Button, Card, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { login } from '../../api/auth.ts';
import { ApiError } from '../../api/ApiError.ts';
import { LanguageSwitch, safeRedirect, SYSTEM_TITLE } from '../../app/shellApi.ts';
import { passwordProblem } from '../../lib/passwordRule.ts';
import { setUserInfo } from '../../state/account.ts';
import { setAuthorization, useAppState } from '../../state/app.ts';
import { saveSessionMarker } from '../../state/authorization.ts';
import { useLoginTitle } from './useLoginTitle.ts';

type Field = 'username' | 'password';

/** Holds an empty message line open. */
const NBSP = '\u00a0';

/** The sign-in page: username and password, Enter submits, the redirect is honoured when safe. */
export function LoginPage() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { authorization } = useAppState();
  const [values, setValues] = useState({ username: '', password: '' });
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const target = safeRedirect(params.get('redirect'));
  useLoginTitle();
  if (authorization !== null && !busy) return <Navigate to={target} replace />;

  const passwordMessage = (rule: ReturnType<typeof passwordProblem>) =>
    rule === 'required'
      ? t('passwordRequired')
      : rule === 'length'
        ? t('passwordRule', { ns: 'common' })
        : undefined;
  const problem: Partial<Record<Field, string>> = {
    username: values.username.trim() === '' ? t('usernameRequired') : undefined,
    password: passwordMessage(passwordProblem(values.password)),
  };

  async function submit() {
    setTouched(true);
    setFailure('');
    if (problem.username ?? problem.password) return;
    setBusy(true);
    try {
      const result = await login({ username: values.username.trim(), password: values.password });
      saveSessionMarker({ id: result.user.id });
      setUserInfo(result.user);
      setAuthorization({ token: result.token, refresh_token: result.refresh_token });
      void navigate(target, { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t('unknownError', { ns: 'common' }));
    } finally {
      setBusy(false);
    }
  }

  // Every message has a line of its own that is always there (blank when there is nothing to say),
  // so the card never changes height and the password rule stays readable beside an error.
  const shown = (name: Field) => (touched ? problem[name] : undefined);
  const alert = failure || shown('password');
  const field = (name: Field, icon: 'user' | 'lock') => (
    <FormGroup
      label={t(name)}
      labelFor={`login-${name}`}
      intent={name === 'username' && shown(name) ? 'danger' : 'none'}
      helperText={name === 'password' ? t('passwordRule', { ns: 'common' }) : (shown(name) ?? NBSP)}
    >
      <InputGroup
        id={`login-${name}`}
        name={name}
        type={name === 'password' ? 'password' : 'text'}
        leftIcon={icon}
        size="large"
        intent={shown(name) ? 'danger' : 'none'}
        autoComplete={name === 'password' ? 'current-password' : 'username'}
        value={values[name]}
        onValueChange={(v) => setValues((old) => ({ ...old, [name]: v }))}
      />
    </FormGroup>
  );

  return (
    <div className="sd-login">
      <div className="sd-login__lang">
        <LanguageSwitch />
      </div>
      <Card className="sd-login__card" elevation={3}>
        <p className="bp6-text-muted">{t('welcome')}</p>
        <H3>{SYSTEM_TITLE}</H3>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {field('username', 'user')}
          {field('password', 'lock')}
          <p className="sd-login__error" role="alert" data-testid="login-error">
            {alert ?? NBSP}
          </p>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={busy}
            text={t('submit')}
          />
        </form>
      </Card>
    </div>
  );
}
