/**
 * The unit projects of jest.config.js as StrykerJS runs them (npm run test:mutation): the same specs,
 * without the architecture test, which reads the whole source tree and mutates nothing.
 */
const units = require('./jest.config');

module.exports = {
  projects: units.projects.map((project) => ({
    ...project,
    testMatch: project.testMatch.filter((pattern) => !pattern.includes('architecture')),
  })),
};
