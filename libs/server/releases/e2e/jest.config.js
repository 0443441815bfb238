// The server-releases-e2e specs, one Jest project per tier they ask for (tools/jest/e2e-project.js).
const { e2eProjects, E2E_RUN } = require('../../../../tools/jest/e2e-project');

module.exports = { ...E2E_RUN, projects: e2eProjects(__dirname, 'server-releases-e2e') };
