/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and a data-dir; bundling it breaks both. Keep it a plain Node require.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'pg-boss'],
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
