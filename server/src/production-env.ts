// Imported first by main.ts, before anything loads React: React picks its build from NODE_ENV
// when first loaded, and unset it would render pages with its development build (checks and
// warnings, several times slower per page). `npm run dev` sets 'development' before this runs.
process.env.NODE_ENV ??= 'production';
