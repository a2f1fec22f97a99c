import { Redirect, Route, Switch } from 'wouter';
import { StandaloneFrame, mountStandalone } from '@shop/ui/standalone';
import ConfiguratorPage from './app/configurator-page';

// The remote on its own: its page under its shop route, with the store loaded from the shell.
mountStandalone(
  <StandaloneFrame title="Configurator remote" links={[{ to: '/products', label: 'Products' }]}>
    <Switch>
      <Route path="/products">
        <ConfiguratorPage />
      </Route>
      <Route>
        <Redirect to="/products" replace />
      </Route>
    </Switch>
  </StandaloneFrame>,
);
