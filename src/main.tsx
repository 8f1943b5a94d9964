import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BlueprintProvider } from '@blueprintjs/core';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/index.ts';
import { clientId } from './lib/storage.ts';

clientId();
await initI18n();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BlueprintProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </BlueprintProvider>
    </StrictMode>,
  );
}
