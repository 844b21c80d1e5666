// `npm run dev`: the same process as `npm start`, with Vite in middleware mode (hot reload).
import './development-env.ts';
import { start } from './main.ts';

const { stop } = await start(process.env, 'development');
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
