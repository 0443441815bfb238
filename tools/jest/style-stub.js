// Stylesheets imported by components mean nothing to jsdom tests.
module.exports = {};
