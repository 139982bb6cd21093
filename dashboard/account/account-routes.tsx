import { AccountPage } from './account-page';

/** `/account`: the signed-in host's account settings. */
export default function AccountRoutes() {
  return <AccountPage />;
}
