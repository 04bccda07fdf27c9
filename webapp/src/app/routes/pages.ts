import type { ComponentType } from 'react';

/** Loads a screen's component (a dynamic import, so each screen is its own chunk). */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The screens of the navigation table, by navigation id. A navigation item without an entry
 * shows a placeholder titled with its label (a screen of a later release).
 */
export const NAV_PAGES: Readonly<Record<string, PageLoader>> = {
  home: async () => (await import('@/features/home/components/HomePage')).HomePage,
  roster: async () => (await import('@/features/roster/components/RosterPage')).RosterPage,
  about: async () => (await import('@/features/about/components/AboutPage')).AboutPage,
  reports_arrest_report: async () =>
    (await import('@/features/arrest-report/components/ArrestReportPage')).ArrestReportPage,
  reports_ticket_report: async () =>
    (await import('@/features/ticket-report/components/TicketReportPage')).TicketReportPage,
  command_department_management: async () =>
    (await import('@/features/department/components/DepartmentPage')).DepartmentPage,
  command_qualifications: async () =>
    (await import('@/features/qualifications/components/QualificationsPage')).QualificationsPage,
  command_recruitment: async () => (await import('@/features/recruitment/components/RecruitmentPage')).RecruitmentPage,
  command_logs: async () => (await import('@/features/logs/components/LogsPage')).LogsPage,
  command_penal_codes: async () => (await import('@/features/penal-codes/components/PenalCodesPage')).PenalCodesPage,
  command_discord: async () => (await import('@/features/discord/components/DiscordPage')).DiscordPage,
  command_alerts: async () => (await import('@/features/alerts/components/AlertsPage')).AlertsPage,
  command_analytics: async () => (await import('@/features/analytics/components/AnalyticsPage')).AnalyticsPage,
  command_api_tokens: async () => (await import('@/features/api-tokens/components/ApiTokensPage')).ApiTokensPage,
  command_branding: async () => (await import('@/features/branding/components/BrandingPage')).BrandingPage,
  // The gate answers 'Page not found' without agency management.
  command_agencies: async () => (await import('@/features/agencies/components/AgenciesPage')).AgenciesPage,
  command_navigation_permissions: async () =>
    (await import('@/features/permissions/components/PermissionsPage')).PermissionsPage,
  structure_vehicles: async () => (await import('@/features/vehicles/components/VehiclesPage')).VehiclesPage,
  command_vehicle_permissions: async () =>
    (await import('@/features/vehicles/components/VehicleManagementPage')).VehicleManagementPage,
  structure_equipment: async () => (await import('@/features/equipment/components/EquipmentPage')).EquipmentPage,
  command_equipment_management: async () =>
    (await import('@/features/equipment/components/EquipmentManagementPage')).EquipmentManagementPage,
  structure_uniforms: async () => (await import('@/features/uniforms/components/UniformsPage')).UniformsPage,
  command_uniform_management: async () =>
    (await import('@/features/uniforms/components/UniformManagementPage')).UniformManagementPage,
  sops: async () => (await import('@/features/sops/components/SopsPage')).SopsPage,
  command_sops: async () => (await import('@/features/sops/components/SopManagementPage')).SopManagementPage,
  command_message_management: async () =>
    (await import('@/features/messages/components/MessageManagementPage')).MessageManagementPage,
  reports_use_of_force_report: async () =>
    (await import('@/features/uof-report/components/UofReportPage')).UofReportPage,
  supervisor_uof_review: async () => (await import('@/features/reviews/components/UofReviewPage')).UofReviewPage,
  supervisor_arrest_review: async () =>
    (await import('@/features/reviews/components/ArrestReviewPage')).ArrestReviewPage,
  supervisor_leave: async () => (await import('@/features/leave/components/LeaveRequestsPage')).LeaveRequestsPage,
  supervisor_duty: async () => (await import('@/features/duty/components/OnDutyPage')).OnDutyPage,
  supervisor_applications: async () =>
    (await import('@/features/recruitment/components/ApplicationsPage')).ApplicationsPage,
  fto_training_management: async () =>
    (await import('@/features/training/components/TrainingManagementPage')).TrainingManagementPage,
  fto_training: async () => (await import('@/features/training/components/TrainingSessionsPage')).TrainingSessionsPage,
};
