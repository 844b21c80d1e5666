// Imported first by dev.ts, so React and Vite load in development mode (see production-env.ts).
process.env.NODE_ENV ??= 'development';
