module.exports = require('../../../tools/jest/web-project').webProject('web-accounts', __dirname);
