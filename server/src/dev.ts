// `npm run dev`: the same process as `npm start`, with Vite in middleware mode (hot reload).
import { start } from './main.ts';

process.env.NODE_ENV ??= 'development';
const { stop } = await start(process.env, 'development');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
