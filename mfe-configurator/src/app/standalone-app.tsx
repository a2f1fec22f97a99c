import { Redirect, Route, Switch } from 'wouter';
import { StandaloneFrame } from '@shop/ui/standalone';
import ConfiguratorPage from './configurator-page';

/** The configurator remote on its own page: its page under its shop route, without the shell. */
export function StandaloneApp() {
  return (
    <StandaloneFrame title="Configurator remote" links={[{ to: '/products', label: 'Products' }]}>
      <Switch>
        <Route path="/products">
          <ConfiguratorPage />
        </Route>
        <Route>
          <Redirect to="/products" replace />
        </Route>
      </Switch>
    </StandaloneFrame>
  );
}
