export const REPORT_TITLE = "Report Post";
