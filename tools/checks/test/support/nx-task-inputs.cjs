/**
 * Prints, as JSON, the files Nx hashes for each task id given as an argument (`project:target`):
 * what `nx show target inputs <task>` lists, for many tasks from one project-graph computation.
 */
const { createProjectGraphAsync } = require('nx/src/devkit-exports');
const { readNxJson } = require('nx/src/config/nx-json');
const { getTaskRawInputs } = require('nx/src/hasher/check-task-files');

(async () => {
  const projectGraph = await createProjectGraphAsync({ exitOnError: true });
  const nxJson = readNxJson();
  const inputs = {};
  for (const taskId of process.argv.slice(2)) {
    const raw = await getTaskRawInputs(taskId, { projectGraph, nxJson });
    if (!raw) throw new Error(`Nx has no hash plan for ${taskId}`);
    inputs[taskId] = raw.files;
  }
  process.stdout.write(JSON.stringify(inputs));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
