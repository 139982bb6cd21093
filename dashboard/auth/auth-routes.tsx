import { Redirect, Route, Switch, useSearch } from 'wouter';
import type { ComponentType } from 'react';
import { AUTH_SCREENS } from '../routes';
import { ForgotPasswordPage } from './forgot-password';
import { SignInPage } from './sign-in';
import { SignUpPage } from './sign-up';

const SCREENS: Record<(typeof AUTH_SCREENS)[number], ComponentType> = { '/sign-in': SignInPage, '/sign-up': SignUpPage, '/forgot-password': ForgotPasswordPage };

/** `/auth/*` (signed-out only): sign-in, sign-up and a forgotten password; anything else there goes to sign-in. */
export default function AuthRoutes() {
  const search = useSearch();
  return (
    <Switch>
      {AUTH_SCREENS.map((path) => (
        <Route key={path} path={path} component={SCREENS[path]} />
      ))}
      <Route>
        <Redirect to={`/sign-in${search ? `?${search}` : ''}`} replace />
      </Route>
    </Switch>
  );
}
