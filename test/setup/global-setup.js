const { ensureInfra } = require('./infra');

module.exports = async () => {
  await ensureInfra({ log: (m) => process.stderr.write(`[test-infra] ${m}\n`) });
};
