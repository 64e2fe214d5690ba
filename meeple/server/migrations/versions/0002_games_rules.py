"""each game's rules version

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06

A game is rebuilt by replaying its moves, so it must know which version of its game's rules they were
made under. Every game stored before this column existed was made under version "1": no game's rules
version had changed then.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rules", sa.String(16), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules")
