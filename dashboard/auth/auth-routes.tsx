import { Redirect, Route, Switch, useSearch } from 'wouter';
import { SignInPage } from './sign-in';
import { SignUpPage } from './sign-up';

/** `/auth/*` (signed-out only): sign-in and sign-up; anything else there goes to sign-in. */
export default function AuthRoutes() {
  const search = useSearch();
  return (
    <Switch>
      <Route path="/sign-in" component={SignInPage} />
      <Route path="/sign-up" component={SignUpPage} />
      <Route>
        <Redirect to={`/sign-in${search ? `?${search}` : ''}`} replace />
      </Route>
    </Switch>
  );
}
