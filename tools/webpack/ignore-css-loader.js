// The server renderer needs no styles: a CSS import becomes an empty module.
module.exports = function ignoreCss() {
  return '';
};
