// Webpack config for the shell (Module Federation host) and the remotes. One place for the
// shared singletons, so host and remotes can never disagree about them.
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('zlib');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const { TsconfigPathsPlugin } = require('tsconfig-paths-webpack-plugin');
const { createJiti } = require('jiti');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { browserOptions } = require('../swc/options');
const deps = require('../../package.json').dependencies;

const root = path.resolve(__dirname, '../..');

const npmSingleton = (name, version) => ({ singleton: true, strictVersion: true, requiredVersion: version });
const libSingleton = (dir, entry = 'index.ts') => ({
  singleton: true,
  import: path.join(root, dir, 'src', entry),
  requiredVersion: false,
  version: '1.0.0',
});

const SHARED = {
  react: npmSingleton('react', deps.react),
  'react/jsx-runtime': npmSingleton('react', deps.react),
  'react-dom': npmSingleton('react-dom', deps['react-dom']),
  'react-dom/client': npmSingleton('react-dom', deps['react-dom']),
  // The router (wouter): one copy in the page. It reads the browser's address itself, so no router state is shared.
  wouter: npmSingleton('wouter', deps.wouter),
  // Not shared: redux, RTK and react-redux. Only @solvr/web-data imports them (lint keeps it so), and its one copy
  // carries the part of them it uses; a shared package would come whole.
  '@solvr/web-ui': libSingleton('libs/web/ui'),
  // Form controls, dialogs, tabs, accordion: only pages with forms fetch this chunk.
  '@solvr/web-ui/forms': libSingleton('libs/web/ui', 'forms.ts'),
  '@solvr/web-data': libSingleton('libs/web/data'),
  '@solvr/web-accounts': libSingleton('libs/web/accounts'),
  // Admin-only entry: its own shared chunk, fetched only by the admin remote.
  '@solvr/web-accounts/admin': libSingleton('libs/web/accounts', 'admin.ts'),
  '@solvr/web-files': libSingleton('libs/web/files'),
  '@solvr/web-files/admin': libSingleton('libs/web/files', 'admin.ts'),
  '@solvr/web-releases': libSingleton('libs/web/releases'),
  '@solvr/web-releases/admin': libSingleton('libs/web/releases', 'admin.ts'),
  '@solvr/web-news': libSingleton('libs/web/news'),
  '@solvr/web-news/admin': libSingleton('libs/web/news', 'admin.ts'),
  // The Dashboard's cards: the user area's alone, so the public pages do not fetch them.
  '@solvr/web-news/dashboard': libSingleton('libs/web/news', 'dashboard.ts'),
  // Not shared: @solvr/contracts (texts, rules, types) has no state, so each bundle carries, tree-shaken, the part
  // its pages use; shared, it would come whole (every text and rule of the site) with the first page.
};

/** Where the shared libs live: their stylesheets come with the shell's copy of them. */
const SHARED_LIB_DIRS = [...new Set(Object.values(SHARED).filter((s) => s.import).map((s) => path.dirname(s.import) + path.sep))];
/** The file name (before its hash) of a remote's own stylesheets. */
const AREA_STYLES = 'area-styles';

/** Brotli (max quality) and gzip (level 9) of every JS/CSS/HTML/JSON/SVG asset above 1 KB, incl. index.html and remoteEntry.js. */
const precompress = () => {
  const common = { test: /\.(js|css|html|json|svg)$/, threshold: 1024, minRatio: 1, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...common, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
};

/**
 * The site's icons and link-preview card (apps/shell/src/assets), emitted at the root of the host's build; index.html
 * links the icons, a server-rendered page's head the card (SHARE_IMAGE in @solvr/contracts).
 */
// (noscript.css: LAYOUT_TEXTS.noScript.stylesheet, linked only for a browser with JavaScript off.)
const FAVICONS = ['favicon.ico', 'favicon.svg', 'share-card.png', 'noscript.css'];

/**
 * What the host's index.html shows with JavaScript off (texts from @solvr/contracts): a page the server renders
 * replaces it with the page itself; the others (sign-in, the signed-in area) show it instead of a blank page.
 */
function noScriptTexts() {
  const { LAYOUT_TEXTS, serverRenderedLinks } = createJiti(__filename)(path.join(root, 'libs/contracts/src/index.ts'));
  return { ...LAYOUT_TEXTS.noScript, links: serverRenderedLinks() };
}
class EmitFavicons {
  constructor(dir) {
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EmitFavicons', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitFavicons', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const name of FAVICONS) {
          const file = path.join(this.dir, name);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
        }
      });
    });
  }
}

/**
 * The host's federation entry imports the external-runtime plugin by its CommonJS file, which pulls the CommonJS
 * build of the whole federation runtime in beside the ES build the rest of the runtime uses: two copies of it on
 * every page. The plugin's ES build makes it one.
 */
const oneFederationRuntime = () =>
  new webpack.NormalModuleReplacementPlugin(/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/, (resource) => {
    resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
  });

/**
 * @param {{ name: string, port: number, exposes?: Record<string, string> }} app
 * A host when `exposes` is absent: it finds its remotes at run time from /remotes.json.
 */
module.exports = function webApp({ name, port, exposes }) {
  const isHost = !exposes;
  return (_env, argv = {}) => {
    const dev = argv.mode === 'development';
    return {
      mode: dev ? 'development' : 'production',
      // The browsers swc targets (ES modules): webpack's own runtime code is written for them too, not for ES5.
      target: ['web', 'es2020'],
      context: root,
      entry: { main: `./apps/${name}/src/main.ts` },
      devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(root, 'dist/apps', name),
        // Remotes load their chunks relative to wherever their remoteEntry.js was served from.
        publicPath: isHost ? '/' : 'auto',
        // [fullhash]: the federation runtime cannot resolve [contenthash]/[chunkhash] for entry files.
        filename: dev ? '[name].js' : '[name].[fullhash:12].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:12].js',
        uniqueName: `solvr_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        plugins: [new TsconfigPathsPlugin({ configFile: path.join(root, 'tsconfig.base.json') })],
      },
      module: {
        rules: [
          { test: /\.[jt]sx?$/, exclude: /node_modules/, loader: 'swc-loader', options: browserOptions({ dev }) },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          // Contracts are texts, rules and types without side effects: a page's bundle takes only the files it uses
          // instead of every file its barrel (index.ts) names.
          { test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          // semver's modules only define functions: a page that never checks a version does not carry them.
          { test: /[\\/]node_modules[\\/]semver[\\/]/, sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: isHost ? undefined : 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: SHARED,
          dts: false,
          manifest: false,
          experiments: {
            // One federation runtime in the page: the shell provides it, built remotes use it instead of their own
            // copy (a remote's standalone dev page keeps its own).
            ...(isHost ? { provideExternalRuntime: true } : dev ? {} : { externalRuntime: true }),
            // Remotes are registered with their remoteEntry.js (remotes.json), never a manifest: no snapshot code.
            optimization: { disableSnapshot: true, target: 'web' },
          },
        }),
        new MiniCssExtractPlugin({ filename: dev ? '[name].css' : '[name].[contenthash:12].css' }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          templateParameters: { title: isHost ? 'Solvr' : `Solvr ${name} (standalone)`, favicons: isHost, noScript: isHost && noScriptTexts() },
          scriptLoading: 'defer',
        }),
        ...(isHost ? [new EmitFavicons(path.join(root, 'apps', name, 'src', 'assets')), oneFederationRuntime()] : []),
        new webpack.DefinePlugin({ 'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL ?? 'local') }),
        // Precompressed copies next to each text asset (originals kept), for servers that send .br/.gz as they are.
        ...(dev ? [] : precompress()),
      ],
      // JS minified by swc (terser took most of a build); CSS as well (it is inlined in server-rendered pages).
      optimization: {
        splitChunks: {
          cacheGroups: {
            // A stylesheet imported by two chunks (a lib's main and admin entries, say) is built once, in a chunk
            // of its own, rather than copied into each.
            sharedStyles: { type: 'css/mini-extract', chunks: 'all', minChunks: 2, minSize: 0, priority: 10, reuseExistingChunk: true },
            // A remote's own stylesheets (its app's and its unshared libs') under one name: server-rendered pages
            // take the shell's styles and, of the marketing area's, these alone: its copies of the UI kit and of
            // the shared libs are the shell's (serve-web).
            ...(isHost ? {} : { areaStyles: { type: 'css/mini-extract', test: (module) => !SHARED_LIB_DIRS.some((dir) => module.identifier().includes(dir)), name: AREA_STYLES, chunks: 'all', enforce: true, priority: 20 } }),
          },
        },
        minimizer: [
          new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } }),
          new CssMinimizerPlugin({ minify: CssMinimizerPlugin.lightningCssMinify }),
        ],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/remotes.json'], target: 'http://localhost:3000' }],
      },
    };
  };
};
