import { mountStandalone } from '@shop/ui/standalone';
import { StandaloneApp } from './app/standalone-app';

// The remote on its own: its pages under their shop routes, with the store loaded from the shell.
mountStandalone(<StandaloneApp />);
