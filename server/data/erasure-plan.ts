/** What an erasure found: everything it removes, and the addresses and households its messages went to. */
export interface ErasurePlan {
  guestIds: Set<string>;
  /** Households erased whole: named ones, and those the erasure leaves without members. */
  householdIds: Set<string>;
  /** Every household an erased guest belonged to, erased or not: its queued messages named them. */
  touchedHouseholdIds: Set<string>;
  /** The erased guests' and households' email addresses, lower case. */
  addresses: Set<string>;
  /** Their names and phones, lower case: what a message to the hosts (the digest) would show of them. */
  mentions: Set<string>;
}
