// The script-tag builds resolve `import('lightweight-charts')` of chartLibrary.ts to this file (see
// tsup.config.ts): a static import of only these names lets the bundler drop every other series type and
// chart kind, which a dynamic import of the whole package would keep (≈ 10 KB gzip).
export { createChart, LineSeries } from 'lightweight-charts';
