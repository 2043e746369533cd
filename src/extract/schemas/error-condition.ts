/**
 * One entry of a monitor's `ErrorConditions` array (the replacement, since 27 August 2025, of the
 * deprecated AlertOn* and limit fields). Value and Percentage are text on the wire ("2500").
 */
import { z } from 'zod';
import { enumText, type KnownValues, lenientText } from './lenient.ts';

/** ErrorConditionType values of the 2023 Swagger file; others are stored as sent. */
export const KNOWN_ERROR_CONDITION_TYPES = [
  'LoadTimeLimit1',
  'LoadTimeLimit2',
  'TotalMinBytes',
  'TotalMaxBytes',
  'ContentMatch',
  'ConsoleContentMatch',
  'ConsoleLevel',
  'HttpStatus',
  'PageElementMaxSizeWithPercentage',
  'PageElementFailedWithPercentage',
  'TimeToFirstByteMaximum',
  'RequestStartMaximum',
  'DomCompleteMaximum',
  'DomInteractiveMaximum',
  'UseRecommendedCoreWebVitals',
  'FirstContentfulPaintMaximum',
  'LargestContentfulPaintMaximum',
  'TimeToInteractiveMaximum',
  'CumulativeLayoutShiftMaximum',
  'TotalBlockingTimeMaximum',
] as const;

/** Known Effect values: a breached condition either only indicates (warning) or is an error. */
export const KNOWN_ERROR_CONDITION_EFFECTS = ['Indicate', 'Error'] as const;

/** Known MatchType values (content match conditions). */
export const KNOWN_ERROR_CONDITION_MATCH_TYPES = [
  'ErrorWhenContains',
  'ErrorWhenNotContains',
  'ErrorWhenContainsRegex',
  'ErrorWhenNotContainsRegex',
] as const;

/** Known Level values (console level conditions). */
export const KNOWN_ERROR_CONDITION_LEVELS = ['Info', 'Warning', 'Error'] as const;

/** One error condition; only the type is required (Swagger). */
export const errorConditionSchema = z.looseObject({
  ErrorConditionType: enumText,
  Value: lenientText.nullish(),
  Percentage: lenientText.nullish(),
  Level: enumText.nullish(),
  MatchType: enumText.nullish(),
  Effect: enumText.nullish(),
});

/** The enum-like fields of a monitor's error conditions, with the values known. */
export const ERROR_CONDITION_VALUES: KnownValues = {
  'ErrorConditions.*.ErrorConditionType': KNOWN_ERROR_CONDITION_TYPES,
  'ErrorConditions.*.Effect': KNOWN_ERROR_CONDITION_EFFECTS,
  'ErrorConditions.*.MatchType': KNOWN_ERROR_CONDITION_MATCH_TYPES,
  'ErrorConditions.*.Level': KNOWN_ERROR_CONDITION_LEVELS,
};
