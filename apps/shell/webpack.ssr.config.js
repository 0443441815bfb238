// The server renderer of the public pages: the shell's routes with the marketing area built in, as one CommonJS
// file (dist/apps/shell-ssr/render.js) that the api loads. npm packages stay external (the api has them).
const path = require('path');
const webpack = require('webpack');
const nodeExternals = require('webpack-node-externals');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');
const { nodeOptions } = require('../../tools/swc/options');

const root = path.resolve(__dirname, '../..');

module.exports = {
  mode: 'production',
  target: 'node20',
  context: root,
  entry: { render: './apps/shell/src/ssr/render.tsx' },
  output: { path: path.join(root, 'dist/apps/shell-ssr'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  devtool: false,
  optimization: { minimize: false, nodeEnv: 'production' },
  externalsPresets: { node: true },
  // wouter is an ES module only: bundled here rather than required by the CommonJS output.
  externals: [nodeExternals({ modulesDir: path.join(root, 'node_modules'), allowlist: [/^wouter/, /^regexparam/] })],
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
    alias: { 'solvr-ssr-area-marketing': path.join(root, 'apps/marketing/src/ssr-area.ts') },
  },
  module: {
    rules: [
      { test: /\.[jt]sx?$/, exclude: /node_modules/, loader: 'swc-loader', options: nodeOptions({ commonjs: false }) },
      { test: /\.css$/, loader: path.join(root, 'tools/webpack/ignore-css-loader.js') },
    ],
  },
  plugins: [
    // One file: the pages' dynamic imports are bundled in.
    new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    // The same build label as the browser bundles (PublicLayout shows it), or hydration would differ.
    new webpack.DefinePlugin({ 'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? 'local') }),
  ],
  performance: { hints: false },
  stats: 'errors-warnings',
};
