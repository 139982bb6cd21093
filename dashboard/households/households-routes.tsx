import { Route, Switch } from 'wouter';
import { chunk } from '../chunks/chunk';
import { lazyChunk } from '../chunks/lazy-chunk';
import { NoMatch } from '../components/error-screen';
import HouseholdsPage from './households-page';

const PrintCodesPage = lazyChunk(chunk(() => import('./print-codes-page')), (module) => module.default);

/** `.../households/*`: the list, and the printable invite codes. */
export default function HouseholdsRoutes() {
  return (
    <Switch>
      <Route path="/" component={HouseholdsPage} />
      <Route path="/print" component={PrintCodesPage} />
      <Route component={NoMatch} />
    </Switch>
  );
}
