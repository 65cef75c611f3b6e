/** The message keys of ConflictPanel.tsx (issue 27 point 4): every form that shows it hands them over. */
export const CONFLICT_TEXT_KEYS = [
  'admin.conflict.title',
  'admin.conflict.intro',
  'admin.conflict.none',
  'admin.conflict.mine',
  'admin.conflict.theirs',
  'admin.conflict.both',
  'admin.conflict.reload',
  'admin.conflict.overwrite',
] as const;
