import type { DepartmentRole } from '@/api/types';
import { updateStructureItem } from '../../api/structure';
import { NAME_REQUIRED } from '../../lib/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Edit Role: its name and the Discord role it grants. */
export function EditRoleModal({ role, ...props }: StructureModalProps & { role: DepartmentRole }) {
  return (
    <NamedItemModal
      {...props}
      saved="Role saved"
      title="Edit Role"
      nameLabel="Role name"
      initialName={role.name}
      initialRoleId={role.discordRoleId ?? null}
      nameRequired={NAME_REQUIRED}
      write={(name, discordRoleId) => updateStructureItem(role.id, { name, discordRoleId })}
    />
  );
}
