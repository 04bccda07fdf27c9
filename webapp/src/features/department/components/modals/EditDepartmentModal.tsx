import type { Department } from '@/api/types';
import { updateStructureItem } from '../../api/structure';
import { DEPARTMENT_NAME_REQUIRED } from '../../lib/structure';
import type { StructureModalProps } from './common';
import { NamedItemModal } from './NamedItemModal';

/** Edit Department: its name and linked Discord role. */
export function EditDepartmentModal({ department, ...props }: StructureModalProps & { department: Department }) {
  return (
    <NamedItemModal
      {...props}
      saved="Department saved"
      title="Edit Department"
      nameLabel="Department name"
      initialName={department.name}
      initialRoleId={department.roleId ?? null}
      nameRequired={DEPARTMENT_NAME_REQUIRED}
      write={(name, roleId) => updateStructureItem(department.id, { name, roleId })}
    />
  );
}
