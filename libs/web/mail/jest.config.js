module.exports = require('../../../tools/jest/web-project').webProject('web-mail', __dirname);
