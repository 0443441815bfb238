module.exports = require('../../../tools/jest/web-project').webProject('web-news', __dirname);
