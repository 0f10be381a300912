/**
 * Sentinels and defaults of the route planner, with why each value.
 */

/**
 * A label no stop has reached: larger than any time on a query clock (seconds from the view's origin; a view spans
 * at most MAX_VIEW_DATES days, about 1.4 million seconds), small enough that adding a walk of 65,535 s cannot
 * overflow an Int32Array, and positive so that one `<` comparison tells reached from unreached.
 */
export const UNREACHED = 0x3fff_ffff;

/** No trip instance: view.earliestTrip and view.latestTrip answer it when none can be used (instances are >= 0). */
export const NO_TRIP = -1;

/** Vehicles boarded minus one when the query names no maximum: six rides cover any trip a person plans by hand. */
export const MAX_TRANSFERS = 5;

/**
 * Service dates one view may span: a trip instance is `row * VIEW_DATE_SLOTS + date slot`, the row among the trips
 * running that date (network-view.ts), so the slot is a mask and the row a shift, not a division, in the hot loop.
 * 16 slots leave room for 134 million trips a day in an int.
 */
export const VIEW_DATE_SLOTS = 16;

/**
 * Lower bounds of travel time (lower-bounds.ts) stop growing here: 12 hours, the longest journey the planner proposes
 * (plan-journeys.ts MAX_JOURNEY_MS). A stop farther from the target gets the cap, still a lower bound.
 */
export const LOWER_BOUND_CAP_SECONDS = 12 * 3600;
