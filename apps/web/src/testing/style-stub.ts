// Stylesheets mean nothing to jsdom; Jest maps `*.css` imports here.
export default {};
