// A test that prints console.error or leaves an unhandled rejection has a defect we want to see.
const failures = [];
const originalError = console.error;
console.error = (...args) => {
  failures.push(args.map(String).join(' '));
  originalError(...args);
};
const onRejection = (reason) => failures.push(`unhandled rejection: ${reason && reason.stack ? reason.stack : reason}`);
process.on('unhandledRejection', onRejection);
afterEach(() => {
  if (failures.length > 0) {
    const found = failures.splice(0);
    throw new Error(`console.error or unhandled rejection during the test:\n${found.join('\n')}`);
  }
});
afterAll(() => process.off('unhandledRejection', onRejection));
