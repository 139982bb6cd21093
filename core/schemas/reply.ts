/** The guest whose session sent a household's last reply. */
export interface ReplyAuthor {
  guestId: string;
  firstName: string;
  lastName: string;
}

/** One household's reply as hosts read it (`GET /host/v1/occasion/{id}/replies`). */
export interface Reply {
  householdId: string;
  householdName: string;
  /** The "Message to the hosts" ('' when none). */
  message: string;
  submittedAt: string;
  updatedAt: string;
  /** Null for replies stored before Kindly recorded who sent them, or whose guest was deleted. */
  answeredBy: ReplyAuthor | null;
}
