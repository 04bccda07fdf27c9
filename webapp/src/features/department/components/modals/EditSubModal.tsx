import type { SubDepartment } from '@/api/types';
import { updateStructureItem } from '../../api/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Edit Sub: its name and linked Discord role; a blank name saves nothing. */
export function EditSubModal({ sub, ...props }: StructureModalProps & { sub: SubDepartment }) {
  return (
    <NamedItemModal
      {...props}
      saved="Sub-department saved"
      title="Edit Sub"
      nameLabel="Sub-department name"
      initialName={sub.name}
      initialRoleId={sub.roleId ?? null}
      nameRequired={null}
      write={(name, roleId) => updateStructureItem(sub.id, { name, roleId })}
    />
  );
}
