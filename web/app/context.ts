import { createContext } from 'react-router';
import type { SsrContext } from '@atelier/contract';

/** What the server gives the loaders for one request (see server/src/web.ts). */
export const appContext = createContext<SsrContext>();
