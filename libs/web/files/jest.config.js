module.exports = require('../../../tools/jest/web-project').webProject('web-files', __dirname);
