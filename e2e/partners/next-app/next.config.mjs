/** @type {import('next').NextConfig} */
const nextConfig = {
  // On by default in the App Router; said here because the partner test runs the widgets under StrictMode.
  reactStrictMode: true,
  // The partner test opens the dev server as 127.0.0.1, which Next only serves its dev assets to when named.
  allowedDevOrigins: ['127.0.0.1'],
};

export default nextConfig;
