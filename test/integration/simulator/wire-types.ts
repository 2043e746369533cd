/**
 * The response shapes the simulator tests read, typed loosely enough for assertions (index
 * signatures keep unknown fields reachable as `unknown`).
 */
import type { MaintenancePeriodDefinition } from '../../../src/transform/expand-maintenance-periods.ts';

export interface Cursors {
  Next?: string;
  Self?: string;
}

export interface AlertAttributes {
  AlertType: 'Error' | 'Reminder' | 'Ok';
  MonitorGuid: string;
  Timestamp: string;
  FirstError: string;
  MonitorCheckId: number;
  FirstErrorMonitorCheckId: number;
  ErrorDescription: string;
  ErrorMessage?: string;
  IncidentKey: string;
}

export interface AlertRecord {
  Type: string;
  Id: string;
  Attributes: AlertAttributes;
  Relationships: { Id: number; Type: string; Links: { Self: string } }[];
}

export interface AlertList {
  Data: AlertRecord[];
  Cursors?: Cursors;
}

export interface StatisticsAttributes {
  StartDateTime: string;
  EndDateTime: string;
  Alerts?: number;
  Checks?: number;
  ConfirmedErrors?: number;
  UnconfirmedErrors?: number;
  Uptime: number;
  Downtime: number;
  UptimePercentage?: number;
  DowntimePercentage?: number;
  SlaTarget?: number;
  [field: string]: unknown;
}

export interface StatisticsItem {
  Id: string;
  Type: string;
  Attributes: StatisticsAttributes;
  Relationships: { Id: string; Type: string; Links: { Self: string } }[];
}

export interface StatisticsList {
  Data: StatisticsItem[];
}

export interface MessageList {
  Messages: { Message: string }[];
}

export interface MonitorWire {
  MonitorGuid: string;
  Name: string;
  MonitorType: string;
  MonitorMode: string;
  CheckInterval: number;
  CreatedDate: string;
  LastModifiedDate: string;
  ErrorConditions?: { ErrorConditionType: string; Value: string }[];
  LoadTimeLimit1?: number;
  AlertOnLoadTimeLimit1?: boolean;
  ExpectedHttpStatusCodeSpecified?: boolean;
  Username?: string;
  Password?: string;
  [field: string]: unknown;
}

export interface GroupWire {
  MonitorGroupGuid: string;
  Description: string;
  IsAll: boolean;
  BasicMonitorQuota: number;
  UsedBasicMonitorQuota: number;
  [field: string]: unknown;
}

export type MaintenanceWire = MaintenancePeriodDefinition;

export interface SlaWire {
  SlaGuid: string;
  UptimeErrorThreshold: number;
  UptimeWarningThreshold: number;
  OperatorReponseTimeThreshold: number;
  [field: string]: unknown;
}

export interface ExclusionWire {
  ExclusionPeriodId: number;
  [field: string]: unknown;
}

export interface OperatorWire {
  OperatorGuid: string;
  [field: string]: unknown;
}

export interface OperatorGroupWire {
  OperatorGroupGuid: string;
  IsEveryone: boolean;
  IsAdministratorsGroup: boolean;
}

export interface StatusPageWire {
  PublicDashboardGuid: string;
  MonitorGuids: string[];
  MonitorGroupGuids: string[];
  [field: string]: unknown;
}

export interface TimezoneWire {
  TimezoneId: number;
  Description: string;
  OffsetFromUtc: number;
  HasDaylightSaving: boolean;
  DaylightSavingOffset?: number;
  DaylightSavingStart?: string;
  DaylightSavingEnd?: string;
}

export interface InfraFeedWire {
  Id: string;
  Name: string;
  Type: string;
  Status: string;
  Value: string;
  FriendlyValue: string;
}

export interface InfraItemWire {
  Id: number;
  Name: string;
  Type: 'Device' | 'Group';
  Status: string;
  Uptime: number;
  FriendlyUptime: string;
  DataFeeds: InfraFeedWire[];
}

export interface DeviceGroupDataWire {
  Status: string;
  Count: number;
  Devices: InfraItemWire[];
}
