// Bundles a Nest app (and our libs, via tsconfig paths) into dist/apps/<name>; npm packages stay external.
const path = require('path');
const nodeExternals = require('webpack-node-externals');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');
const { nodeOptions } = require('../swc/options');

const root = path.resolve(__dirname, '../..');

module.exports = function nodeApp(name, entries) {
  return {
    mode: 'production',
    target: 'node20',
    context: root,
    // The users directory's SQLite read worker (a piscina pool) loads its own file, next to main.js.
    entry: { ...entries, 'off-thread-reads.worker': './libs/server/users/src/off-thread-reads.worker.js' },
    // commonjs2: an entry's exports are its file's (the read worker's handler is what piscina loads).
    output: { path: path.join(root, 'dist/apps', name), filename: '[name].js', clean: true, library: { type: 'commonjs2' } },
    devtool: 'source-map',
    optimization: { minimize: false, nodeEnv: false },
    externalsPresets: { node: true },
    externals: [nodeExternals({ modulesDir: path.join(root, 'node_modules') })],
    resolve: {
      extensions: ['.ts', '.js', '.json'],
      plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
    },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'swc-loader',
          options: nodeOptions({ tsx: false }),
        },
      ],
    },
    stats: 'errors-warnings',
  };
};
