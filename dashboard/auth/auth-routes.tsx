import { Redirect, Route, Switch, useSearch } from 'wouter';
import { ForgotPasswordPage } from './forgot-password';
import { SignInPage } from './sign-in';
import { SignUpPage } from './sign-up';

/** `/auth/*` (signed-out only): sign-in, sign-up and a forgotten password; anything else there goes to sign-in. */
export default function AuthRoutes() {
  const search = useSearch();
  return (
    <Switch>
      <Route path="/sign-in" component={SignInPage} />
      <Route path="/sign-up" component={SignUpPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route>
        <Redirect to={`/sign-in${search ? `?${search}` : ''}`} replace />
      </Route>
    </Switch>
  );
}
