import type { Department } from '@/api/types';
import { createStructureItem } from '../../api/structure';
import { NAME_REQUIRED } from '../../lib/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Add Role: a department role, with the Discord role it grants. */
export function AddRoleModal({ department, ...props }: StructureModalProps & { department: Department }) {
  return (
    <NamedItemModal
      {...props}
      saved="Role added"
      title="Add Role"
      nameLabel="Role name"
      nameRequired={NAME_REQUIRED}
      write={(name, discordRoleId) =>
        createStructureItem({ type: 'role', parentId: department.id, data: { name, discordRoleId } })
      }
    />
  );
}
