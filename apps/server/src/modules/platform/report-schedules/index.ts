/** The public face of platform/report-schedules: its routes and its runner (the rest is its own). */
export { registerReportScheduleRoutes } from './routes.js';
export { runDueSchedules, scheduleRunOwner, type ScheduleRunnerDeps } from './runner.js';
