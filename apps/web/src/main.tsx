import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import './app/global.css';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render into');

createRoot(container).render(
  <StrictMode>
    <App store={makeStore()} router={createAppRouter()} />
  </StrictMode>,
);
