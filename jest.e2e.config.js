// Every server e2e spec in one run (npm test): each feature's e2e folder and the cross-cutting apps/api-e2e, each
// spec on the tiers it names. `nx affected -t e2e` runs the same folders one at a time.
const { E2E_RUN } = require('./tools/jest/e2e-project');

const FOLDERS = require('fs')
  .readdirSync(`${__dirname}/libs/server`)
  .map((name) => `libs/server/${name}/e2e`)
  .filter((dir) => require('fs').existsSync(`${__dirname}/${dir}/jest.config.js`))
  .concat('apps/api-e2e');

module.exports = { ...E2E_RUN, projects: FOLDERS.flatMap((dir) => require(`./${dir}/jest.config.js`).projects) };
