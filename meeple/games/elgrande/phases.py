"""Phase codes of the state machine (shared by the phase modules)."""

POWER, FREE, COURT_STEP, RECALL, CARD, ACT, EFFECT, VETO, DISK, OVER = range(10)
PHASE_NAMES = ("power", "free", "court", "recall", "card", "act", "effect", "veto", "disk", "over")

# what the secret disks are being set for
DISK_GENERAL, DISK_RETURN, DISK_SCORE, DISK_EVICT = range(4)
DISK_NAMES = ("general", "return", "score", "evict")
