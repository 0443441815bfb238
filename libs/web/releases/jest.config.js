module.exports = require('../../../tools/jest/web-project').webProject('web-releases', __dirname);
